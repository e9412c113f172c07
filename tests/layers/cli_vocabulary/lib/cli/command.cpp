// Fixture: the command line names its own options.
const char* option() { return "--net"; }
