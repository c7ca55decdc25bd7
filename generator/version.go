package generator

// Version is acpgen's release: the version of the next tag while it is
// unreleased, so that a build from a checkout, which the go command calls
// "(devel)", still says which release its output corresponds to. It is a
// constant, not the build's VCS stamp, so that the same source always
// generates the same bytes.
const Version = "v0.1.0"
