//go:build goexperiment.jsonv2 && go1.27

package corpus

import jsonv2 "encoding/json/v2"

func init() {
	JSONv2 = Lib{
		Unmarshal: func(data []byte, v any) error { return jsonv2.Unmarshal(data, v) },
		Marshal:   func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
	}
}
