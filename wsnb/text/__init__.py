"""Pure text work shared by the notes and the agent: the Markdown parser and secret redaction."""
