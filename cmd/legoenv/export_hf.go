package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/rollout"
)

// hfMessage is one opening message of a dataset row.
type hfMessage struct {
	Role    string `parquet:"role" json:"role"`
	Content string `parquet:"content" json:"content"`
}

// hfRow is one environment in the Hub's dataset layout: what a trainer
// needs to open a session of it and what the policy sees first. Tools are
// JSON text (an OpenAI function list), since their schemas differ from
// environment to environment and a Parquet column holds one type.
type hfRow struct {
	EnvID   string      `parquet:"env_id" json:"env_id"`
	Seed    int64       `parquet:"seed" json:"seed"`
	Toolset string      `parquet:"toolset" json:"toolset"`
	Intent  string      `parquet:"intent" json:"intent"`
	Family  string      `parquet:"family" json:"family"`
	Apps    []string    `parquet:"apps,list" json:"apps"`
	Prompt  []hfMessage `parquet:"prompt,list" json:"prompt"`
	Tools   string      `parquet:"tools" json:"tools"`
}

// hfFeatures is the rows' schema as the dataset card's dataset_info says
// it (the Hub's `datasets` feature names).
const hfFeatures = `  features:
  - name: env_id
    dtype: string
  - name: seed
    dtype: int64
  - name: toolset
    dtype: string
  - name: intent
    dtype: string
  - name: family
    dtype: string
  - name: apps
    sequence: string
  - name: prompt
    list:
    - name: role
      dtype: string
    - name: content
      dtype: string
  - name: tools
    dtype: string
`

// hfSplit is one split of the export: its name and rows.
type hfSplit struct {
	name string
	rows []hfRow
}

func newExportHFCmd() *cobra.Command {
	var (
		src       envSource
		split     splitFlags
		out       string
		shardRows int
		asJSON    bool
	)
	c := &cobra.Command{
		Use:   "hf --envs out/envs.jsonl --out DIR",
		Short: "Write the environments as a dataset in the Hub's layout (Parquet shards, JSONL, a dataset card)",
		Long: `Export hf writes the environments as a dataset that the Hub's 'datasets'
library loads from a directory (load_dataset("DIR")) or a pushed repository:

  DIR/README.md                         dataset card: features, splits, the build's figures
  DIR/data/SPLIT-00000-of-0000N.parquet the rows, --shard-rows a shard (Snappy)
  DIR/jsonl/SPLIT.jsonl                 the same rows as JSON lines

A row is one environment: env_id, seed, toolset, intent, family, apps,
prompt (the opening messages) and tools (the OpenAI function list as JSON
text). Environments that use a held-out app form the "test" split, the rest
"train": the apps of --split, or else the holdout_apps of the report.json
that 'legoenv build --holdout-apps' wrote beside --envs; without either,
every row is "train".`,
		Example: `  legoenv export hf --envs out/envs.jsonl --out dataset
  legoenv export hf --envs out/envs.jsonl --split gmail,slack --out dataset`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if out == "" {
				return badInput("--out DIR is required")
			}
			if shardRows < 1 {
				return badInput("--shard-rows must be 1 or more, not %d", shardRows)
			}
			set, err := src.load(cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			holdout, err := hfHoldout(&split, set, src.envsFile)
			if err != nil {
				return err
			}
			splits, err := hfSplits(set, holdout)
			if err != nil {
				return err
			}
			if err := writeHF(out, splits, shardRows, hfCard(splits, holdout, src.envsFile)); err != nil {
				return err
			}
			return printHF(cmd.OutOrStdout(), out, splits, holdout, asJSON)
		},
	}
	src.flags(c, true)
	split.flags(c)
	c.Flags().StringVar(&out, "out", "", "dataset directory to write")
	c.Flags().IntVar(&shardRows, "shard-rows", 10000, "rows per Parquet shard")
	c.Flags().BoolVar(&asJSON, "json", false, "print the counts as JSON")
	return c
}

// hfHoldout is the held-out apps: --split's, else the build report's.
func hfHoldout(split *splitFlags, set *envSet, envsFile string) (map[string]bool, error) {
	if split.spec != "" || envsFile == "" {
		return split.holdout(set.info)
	}
	b, err := os.ReadFile(filepath.Join(filepath.Dir(envsFile), "report.json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, badInput("%v", err)
	}
	var rep struct {
		Holdout []string `json:"holdout_apps"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, badInput("%s: %v", filepath.Join(filepath.Dir(envsFile), "report.json"), err)
	}
	if len(rep.Holdout) == 0 {
		return nil, nil
	}
	h := map[string]bool{}
	for _, a := range rep.Holdout {
		h[a] = true
	}
	return h, nil
}

// hfSplits turns the environments into rows, split by held-out apps.
func hfSplits(set *envSet, holdout map[string]bool) ([]hfSplit, error) {
	train, test := hfSplit{name: "train"}, hfSplit{name: "test"}
	for _, env := range set.envs {
		row, err := newHFRow(env)
		if err != nil {
			return nil, failed("%v", err)
		}
		if rollout.HeldOut(set.info[env.ID], holdout) {
			test.rows = append(test.rows, row)
		} else {
			train.rows = append(train.rows, row)
		}
	}
	if len(train.rows)+len(test.rows) == 0 {
		return nil, badInput("no environments to export")
	}
	out := []hfSplit{train}
	if holdout != nil {
		out = append(out, test)
	}
	return out, nil
}

// newHFRow is an environment's row, from what `legoenv export rl` writes.
func newHFRow(env *episode.Env) (hfRow, error) {
	task, err := rollout.NewRLTask(env, 0, episode.ToolsetNamed, "")
	if err != nil {
		return hfRow{}, err
	}
	tools, err := json.Marshal(task.Tools)
	if err != nil {
		return hfRow{}, fmt.Errorf("env %s: tools: %w", env.ID, err)
	}
	r := hfRow{EnvID: task.EnvID, Seed: task.Seed, Toolset: task.Toolset, Intent: task.Intent, Family: task.Family,
		Apps: task.Apps, Tools: string(tools), Prompt: make([]hfMessage, len(task.Prompt))}
	if r.Apps == nil {
		r.Apps = []string{}
	}
	for i, m := range task.Prompt {
		r.Prompt[i] = hfMessage{Role: m.Role, Content: m.Content}
	}
	return r, nil
}

// shardName is the Hub's name of shard i of n.
func shardName(split string, i, n int) string {
	return fmt.Sprintf("%s-%05d-of-%05d.parquet", split, i, n)
}

// writeHF writes the dataset into a fresh temporary directory beside dir,
// then puts it in place, so a failed export leaves no half dataset.
func writeHF(dir string, splits []hfSplit, shardRows int, card string) error {
	if err := replaceable(dir); err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return failed("%v", err)
	}
	tmp, err := os.MkdirTemp(parent, ".legoenv-hf-*")
	if err != nil {
		return failed("%v", err)
	}
	defer os.RemoveAll(tmp)
	for _, sub := range []string{"data", "jsonl"} {
		if err := os.Mkdir(filepath.Join(tmp, sub), 0o755); err != nil {
			return failed("%v", err)
		}
	}
	for _, s := range splits {
		if err := writeHFSplit(tmp, s, shardRows); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "README.md"), []byte(card), 0o644); err != nil {
		return failed("%v", err)
	}
	if err := os.RemoveAll(dir); err != nil {
		return failed("replace %s: %v", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return failed("write %s: %v", dir, err)
	}
	return nil
}

// replaceable refuses to replace a directory that holds something other
// than an earlier export.
func replaceable(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) || (err == nil && len(entries) == 0) {
		return nil
	}
	if err != nil {
		return badInput("--out %s: %v", dir, err)
	}
	for _, e := range entries {
		switch e.Name() {
		case "README.md", "data", "jsonl":
		default:
			return badInput("--out %s holds %s, which an export does not write; choose a new or empty directory", dir, e.Name())
		}
	}
	return nil
}

// writeHFSplit writes a split's Parquet shards and its JSONL file.
func writeHFSplit(dir string, s hfSplit, shardRows int) error {
	n := max(1, (len(s.rows)+shardRows-1)/shardRows)
	for i := 0; i < n; i++ {
		part := s.rows[min(i*shardRows, len(s.rows)):min((i+1)*shardRows, len(s.rows))]
		path := filepath.Join(dir, "data", shardName(s.name, i, n))
		if err := parquet.WriteFile(path, part, parquet.Compression(&parquet.Snappy)); err != nil {
			return failed("write %s: %v", path, err)
		}
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, r := range s.rows {
		if err := enc.Encode(r); err != nil {
			return failed("encode %s: %v", r.EnvID, err)
		}
	}
	path := filepath.Join(dir, "jsonl", s.name+".jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return failed("%v", err)
	}
	return nil
}

// hfCard is the dataset card: YAML front matter the Hub reads (configs,
// features, splits), then the figures of the corpus and how to use it.
func hfCard(splits []hfSplit, holdout map[string]bool, envsFile string) string {
	var b strings.Builder
	b.WriteString("---\npretty_name: legoenv environments\ntags:\n- legoenv\n- tool-use\n- agents\n- reinforcement-learning\n")
	b.WriteString("configs:\n- config_name: default\n  data_files:\n")
	for _, s := range splits {
		fmt.Fprintf(&b, "  - split: %s\n    path: data/%s-*.parquet\n", s.name, s.name)
	}
	b.WriteString("dataset_info:\n" + hfFeatures + "  splits:\n")
	apps, families, total := map[string]bool{}, map[string]bool{}, 0
	for _, s := range splits {
		fmt.Fprintf(&b, "  - name: %s\n    num_examples: %d\n", s.name, len(s.rows))
		total += len(s.rows)
		for _, r := range s.rows {
			families[r.Family] = true
			for _, a := range r.Apps {
				apps[a] = true
			}
		}
	}
	b.WriteString("---\n\n# legoenv environments\n\n")
	b.WriteString("Tool-use environments composed, verified and served by legoenv. A row is one environment: open a session of\n")
	b.WriteString("`env_id` with `seed` on `legoenv serve` (POST /v1/sessions), run the policy's tool calls through step, and take\n")
	b.WriteString("the reward from evaluate; `prompt` is the opening messages and `tools` the OpenAI function list (JSON text).\n\n")
	fmt.Fprintf(&b, "| | |\n|---|---|\n| environments | %d |\n| apps | %d |\n| intent families | %d |\n", total, len(apps), len(families))
	for _, s := range splits {
		fmt.Fprintf(&b, "| %s split | %d |\n", s.name, len(s.rows))
	}
	if holdout != nil {
		fmt.Fprintf(&b, "| held-out apps (test split) | %s |\n", strings.Join(slices.Sorted(maps.Keys(holdout)), ", "))
	}
	b.WriteString(buildFigures(envsFile))
	b.WriteString("\nParquet shards are under `data/`, the same rows as JSON lines under `jsonl/`.\n")
	return b.String()
}

// buildFigures are the table rows of the build that wrote envsFile
// (report.json beside it), or nothing when there is no report.
func buildFigures(envsFile string) string {
	if envsFile == "" {
		return ""
	}
	b, err := os.ReadFile(filepath.Join(filepath.Dir(envsFile), "report.json"))
	if err != nil {
		return ""
	}
	var rep struct {
		Apps, Families, Envs int
		MultiAppShare        float64 `json:"multi_app_share"`
		RuleShare            float64 `json:"rule_share"`
		Rounds               []struct {
			Total          int `json:"total"`
			VerifiedBefore int `json:"verified_before"`
			VerifiedAfter  int `json:"verified_after"`
		} `json:"rounds"`
	}
	if json.Unmarshal(b, &rep) != nil || rep.Envs == 0 {
		return ""
	}
	s := fmt.Sprintf("| the build: apps, families, environments delivered | %d, %d, %d |\n", rep.Apps, rep.Families, rep.Envs)
	s += fmt.Sprintf("| spanning two or more apps; under a business rule | %.1f%%; %.1f%% |\n", 100*rep.MultiAppShare, 100*rep.RuleShare)
	if n := len(rep.Rounds); n > 0 {
		r := rep.Rounds[n-1]
		s += fmt.Sprintf("| synthesised; verified before and after evolution | %d; %d, %d |\n", r.Total, rep.Rounds[0].VerifiedBefore, r.VerifiedAfter)
	}
	return s
}

// printHF says what export hf wrote.
func printHF(w io.Writer, out string, splits []hfSplit, holdout map[string]bool, asJSON bool) error {
	counts := map[string]int{}
	for _, s := range splits {
		counts[s.name] = len(s.rows)
	}
	if asJSON {
		return writeJSON(w, map[string]any{"out": out, "splits": counts, "holdout_apps": slices.Sorted(maps.Keys(holdout))})
	}
	var parts []string
	for _, s := range splits {
		parts = append(parts, fmt.Sprintf("%s %d", s.name, len(s.rows)))
	}
	fmt.Fprintf(w, "wrote %s (README.md, data/*.parquet, jsonl/*.jsonl): %s\n", out, strings.Join(parts, ", "))
	return nil
}
