"""`legoenv export hf` of a small build, read back: counts, features and
splits (the Parquet rows themselves are read back by the Go test with
parquet-go; here the JSONL beside them, the card and the shards' framing)."""

from __future__ import annotations

import glob
import json
import os
import tempfile
import unittest

import support

FEATURES = ["env_id", "seed", "toolset", "intent", "family", "apps", "prompt", "tools"]


class ExportHF(unittest.TestCase):
    def test_dataset_layout(self) -> None:
        corpus = support.corpus()
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "ds")
            res = json.loads(support.cli("export", "hf", "--envs", support.envs_file(), "--out", out, "--shard-rows", "25", "--json").stdout)
            train_ids = [r["id"] for r in support.read_jsonl(os.path.join(corpus, "envs.train.jsonl"))]
            test_ids = [r["id"] for r in support.read_jsonl(os.path.join(corpus, "envs.holdout.jsonl"))]
            with open(os.path.join(corpus, "report.json"), encoding="utf-8") as f:
                report = json.load(f)
            self.assertTrue(train_ids and test_ids)
            self.assertEqual(res["splits"], {"train": len(train_ids), "test": len(test_ids)})
            self.assertEqual(res["holdout_apps"], sorted(report["holdout_apps"]))
            for split, ids in (("train", train_ids), ("test", test_ids)):
                rows = support.read_jsonl(os.path.join(out, "jsonl", split + ".jsonl"))
                self.assertEqual(sorted(r["env_id"] for r in rows), sorted(ids))
                for r in rows:
                    self.assertEqual(list(r), FEATURES)
                    self.assertTrue(r["prompt"] and r["prompt"][-1]["role"] == "user")
                    self.assertTrue(json.loads(r["tools"]))
                    held = set(r["apps"]) & set(report["holdout_apps"])
                    self.assertEqual(bool(held), split == "test", r["env_id"])
                shards = sorted(glob.glob(os.path.join(out, "data", split + "-*.parquet")))
                n = (len(ids) + 24) // 25
                self.assertEqual([os.path.basename(s) for s in shards],
                                 [f"{split}-{i:05d}-of-{n:05d}.parquet" for i in range(n)])
                for s in shards:
                    with open(s, "rb") as f:
                        data = f.read()
                    self.assertEqual((data[:4], data[-4:]), (b"PAR1", b"PAR1"))
            with open(os.path.join(out, "README.md"), encoding="utf-8") as f:
                card = f.read()
            front = card.split("---\n")[1]
            for name in FEATURES:
                self.assertIn(f"  - name: {name}\n", front)
            self.assertIn(f"  - name: train\n    num_examples: {len(train_ids)}\n", front)
            self.assertIn(f"  - name: test\n    num_examples: {len(test_ids)}\n", front)
            self.assertIn("path: data/test-*.parquet", front)
            self.assertIn(f"| the build: apps, families, environments delivered | {report['apps']}, {report['families']}, {report['envs']} |", card)


if __name__ == "__main__":
    unittest.main()
