/** A catalogue: keys to text, nested by where the text is read. Plural keys end in _one, _other… */
export interface Resource {
  readonly [key: string]: string | Resource;
}
