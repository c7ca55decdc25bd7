package generator

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/gate"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// DraftReport is what DraftFeatures did: the claims kept and dropped, the
// elements added to each feature, the features proposed from references
// alone and the elements it could not attribute (in the feature
// gate.Unattributed of the map).
type DraftReport = gate.DraftReport

// DraftFeatures writes a feature map for cfg's stable and unstable
// schemas, starting from cfg.Features (nil or empty: no claims): claims
// that still match are kept, the others dropped, and every element only
// the unstable schema has and no claim names is put in a proposed feature,
// with the evidence in its basis. The map is for a person to review
// before generating with it.
func DraftFeatures(cfg Config) ([]byte, *DraftReport, error) {
	if cfg.Unstable == nil {
		return nil, nil, fmt.Errorf("drafting a feature map needs an unstable schema")
	}
	var l schema.Loads
	out, rep, err := draftFeatures(cfg, &l)
	if verr := l.Finish(); verr != nil {
		return nil, nil, verr
	}
	return out, rep, err
}

func draftFeatures(cfg Config, l *schema.Loads) ([]byte, *DraftReport, error) {
	stable, err := l.Load(cfg.SchemaFile, cfg.Schema)
	if err != nil {
		return nil, nil, err
	}
	unstable, err := l.Load(cfg.UnstableFile, cfg.Unstable)
	if err != nil {
		return nil, nil, err
	}
	return gate.Draft(stable, unstable, cfg.FeaturesFile, cfg.Features)
}
