package templates

import "github.com/acpgen/acpgen/templates/wire"

// DecodeError reports why a JSON value could not be decoded and where. Its
// Path is a JSONPath-like location relative to the value passed to
// UnmarshalJSON (`$.update.content[2].text`, `$["odd key"]`), its Msg what
// is wrong, and Error() renders "<path>: <msg>". It is the codec's own
// type, which builds it deep inside a decode, so that errors.As finds it
// here under this name.
type DecodeError = wire.DecodeError

// EncodeError reports why a value could not be encoded (a union with no
// variant set, a NaN float), with Path and Msg as in DecodeError. It is the
// codec's own type, as DecodeError is.
type EncodeError = wire.EncodeError
