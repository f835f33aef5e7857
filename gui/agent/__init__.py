"""The window's side of the agent connection: the Agent menu, the Agent activity view (what each
client asked and got), the pitfalls block for an instruction file (preview and write), and Help ›
Connect an agent (the set-up lines with the installed command's path)."""
