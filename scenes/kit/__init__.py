"""The shared kit every scene builds on: viewport and scene base, tweens, drag-and-drop, widgets, card art."""
