"""Developer tools run from the command line: the self-test and the frame benchmark."""
