package gate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/acpgen/acpgen/generator/internal/schema"
)

// TestACPFeatureMaps diffs each vendored stable schema with its unstable
// one and matches the additions with the feature map: nothing differs
// except additions, every addition is claimed by one feature, and the
// numbers per kind are those the map's "check" section records.
func TestACPFeatureMaps(t *testing.T) {
	for _, proto := range []string{"v1", "v2"} {
		t.Run(proto, func(t *testing.T) {
			cfg := readACPInputs(t, proto)
			stable, err := schema.Load(cfg.SchemaFile, cfg.Schema)
			if err != nil {
				t.Fatal(err)
			}
			unstable, err := schema.Load(cfg.UnstableFile, cfg.Unstable)
			if err != nil {
				t.Fatal(err)
			}
			elems, err := diffSchemas(stable, unstable)
			if err != nil {
				t.Fatal(err)
			}
			fm, err := ParseFeatureMap(cfg.FeaturesFile, cfg.Features)
			if err != nil {
				t.Fatal(err)
			}
			owners, err := claimElements(fm, elems)
			if err != nil {
				t.Fatal(err)
			}
			got := map[elementKind]int{}
			for i, e := range elems {
				got[e.Kind]++
				if owners[i] == "" || fm.Features[owners[i]] == nil {
					t.Errorf("%s: owner %q", e, owners[i])
				}
			}

			var doc struct {
				Check struct {
					Elements struct {
						Definitions int `json:"definitions"`
						Variants    int `json:"variants"`
						Properties  int `json:"properties"`
						EnumValues  int `json:"enumValues"`
						Defaults    int `json:"defaults"`
					} `json:"unstableOnlyElements"`
					Claimed int `json:"claimed"`
				} `json:"check"`
			}
			if err := json.Unmarshal(cfg.Features, &doc); err != nil {
				t.Fatal(err)
			}
			c := doc.Check.Elements
			want := map[elementKind]int{
				elemDefinition: c.Definitions,
				elemVariant:    c.Variants,
				elemProperty:   c.Properties,
				elemEnumValue:  c.EnumValues,
				elemDefault:    c.Defaults,
				elemMethod:     15, // not in the check section
			}
			for kind := elemDefinition; kind <= elemMethod; kind++ {
				if got[kind] != want[kind] {
					t.Errorf("%ss: the diff finds %d, %s says %d", elementKindNames[kind], got[kind], cfg.FeaturesFile, want[kind])
				}
			}
			if claimed := len(elems) - got[elemMethod]; claimed != doc.Check.Claimed {
				t.Errorf("claimed elements other than methods: %d, %s says %d", claimed, cfg.FeaturesFile, doc.Check.Claimed)
			}
		})
	}
}

// TestACPCheckSection pins the check sections themselves, so that an edit of
// a feature map that changes them is seen.
func TestACPCheckSection(t *testing.T) {
	want := map[string][5]int{"v1": {74, 29, 16, 0, 2}, "v2": {65, 32, 13, 0, 0}}
	for proto, w := range want {
		var doc struct {
			Check struct {
				Elements map[string]int `json:"unstableOnlyElements"`
			} `json:"check"`
		}
		if err := json.Unmarshal(readVendored(t, "acp/features."+proto+".json"), &doc); err != nil {
			t.Fatal(err)
		}
		e := doc.Check.Elements
		got := [5]int{e["definitions"], e["variants"], e["properties"], e["enumValues"], e["defaults"]}
		if got != w {
			t.Errorf("%s check (definitions, variants, properties, enum values, defaults): %v, want %v", proto, got, w)
		}
	}
}

// acpInputs are the vendored files gen/acp/<proto> is generated from that
// the gate step reads.
type acpInputs struct {
	SchemaFile, UnstableFile, FeaturesFile string
	Schema, Unstable, Features             []byte
}

func readACPInputs(t *testing.T, proto string) acpInputs {
	t.Helper()
	in := acpInputs{
		SchemaFile:   "acp/" + proto + "/schema.json",
		UnstableFile: "acp/" + proto + "/schema.unstable.json",
		FeaturesFile: "acp/features." + proto + ".json",
	}
	in.Schema, in.Unstable, in.Features = readVendored(t, in.SchemaFile), readVendored(t, in.UnstableFile), readVendored(t, in.FeaturesFile)
	return in
}

// readVendored reads a file of the repository's schema/ directory.
func readVendored(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "schema", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}
