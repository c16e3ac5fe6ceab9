"""Redaction benchmark: wsnb's pattern table against Yelp's detect-secrets, on real source.

    python bench/bench_redact.py                        # site-packages of this interpreter
    python bench/bench_redact.py --root PATH --files 3000 --repeats 3

The texts are the ``.py`` files under ``--root`` (default: the ``site-packages``
folder of the running interpreter, several thousand real Python files), in
path order, up to ``--files`` files of at most 128 KiB each (what a model's
read gets), read once before any timing. Best of ``--repeats``, timed in turns
so a change in the machine's load weighs on each alike:

* reference: ``str.splitlines()`` over every text, the least a line-based
  scanner does;
* ``wsnb.text.redact.redact`` over every text (whole texts, with its hints);
* detect-secrets' plugins for the same shapes (AWS, GitHub, Slack, OpenAI,
  private key, JWT, basic auth), each line through ``analyze_line`` as its
  scanner does, without its filters;
* detect-secrets' ``scan_line`` (every default plugin and filter, what its
  ad hoc scanning runs) on every ``--sample``-th text, scaled to the whole.

It prints MB/s and the ratio to the reference for each, and how many secrets
each found (real source holds test keys and documentation examples).
"""

from __future__ import annotations

import argparse
import sys
import sysconfig
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wsnb.text.redact import redact

MAX_BYTES = 128 * 1024


def load_texts(root: Path, files: int) -> list[str]:
    texts: list[str] = []
    for path in sorted(root.rglob("*.py")):
        if len(texts) >= files:
            break
        try:
            if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_BYTES:
                continue
            texts.append(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
    return texts


def run_reference(texts: list[str]) -> int:
    return sum(len(text.splitlines()) for text in texts)


def run_wsnb(texts: list[str]) -> int:
    return sum(redact(text).count for text in texts)


def ds_plugins() -> list[object]:
    from detect_secrets.plugins.aws import AWSKeyDetector
    from detect_secrets.plugins.basic_auth import BasicAuthDetector
    from detect_secrets.plugins.github_token import GitHubTokenDetector
    from detect_secrets.plugins.jwt import JwtTokenDetector
    from detect_secrets.plugins.openai import OpenAIDetector
    from detect_secrets.plugins.private_key import PrivateKeyDetector
    from detect_secrets.plugins.slack import SlackDetector

    return [AWSKeyDetector(), BasicAuthDetector(), GitHubTokenDetector(), JwtTokenDetector(),
            OpenAIDetector(), PrivateKeyDetector(), SlackDetector()]  # fmt: skip


def run_ds_plugins(texts: list[str], plugins: list[object]) -> int:
    found = 0
    for text in texts:
        for number, line in enumerate(text.splitlines(), 1):
            for plugin in plugins:
                found += len(plugin.analyze_line(filename="x.py", line=line,  # type: ignore[attr-defined]
                                                 line_number=number))  # fmt: skip
    return found


def run_ds_scan_line(texts: list[str]) -> int:
    from detect_secrets.core.scan import scan_line
    from detect_secrets.settings import default_settings

    found = 0
    with default_settings():
        for text in texts:
            for line in text.splitlines():
                found += sum(1 for _secret in scan_line(line))
    return found


def best_of(repeats: int, runs: dict[str, Callable[[], int]]) -> dict[str, tuple[float, int]]:
    best: dict[str, tuple[float, int]] = {}
    for _turn in range(repeats):
        for name, run in runs.items():
            start = time.perf_counter()
            found = run()
            elapsed = time.perf_counter() - start
            if name not in best or elapsed < best[name][0]:
                best[name] = (elapsed, found)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(sysconfig.get_paths()["purelib"]))
    parser.add_argument("--files", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--sample", type=int, default=20, help="scan_line on every Nth text")
    args = parser.parse_args()
    texts = load_texts(args.root, args.files)
    size = sum(len(t.encode("utf-8")) for t in texts)
    sample = texts[:: args.sample]
    sample_size = sum(len(t.encode("utf-8")) for t in sample)
    print(f"{len(texts):,} files, {size / 1e6:.1f} MB of Python from {args.root}")
    plugins = ds_plugins()
    best = best_of(args.repeats, {
        "reference (splitlines)": lambda: run_reference(texts),
        "wsnb.text.redact table": lambda: run_wsnb(texts),
        "detect-secrets, same 7 plugins": lambda: run_ds_plugins(texts, plugins),
        "detect-secrets scan_line (sample)": lambda: run_ds_scan_line(sample),
    })  # fmt: skip
    reference = best["reference (splitlines)"][0]
    print(f"{'':36} {'seconds':>9} {'MB/s':>8} {'x ref':>8} {'found':>7}")
    for name, (elapsed, found) in best.items():
        scaled = elapsed * size / sample_size if "sample" in name else elapsed
        found_text = f"{found}*" if "sample" in name else str(found)
        print(f"{name:36} {scaled:9.3f} {size / 1e6 / scaled:8.1f} {scaled / reference:8.1f} "
              f"{found_text:>7}")  # fmt: skip
    print(f"* scan_line ran on {len(sample):,} of the files ({sample_size / 1e6:.1f} MB); its time "
          "is scaled to all of them, its count is of the sample (every default plugin, with "
          "its entropy and keyword detectors)")  # fmt: skip


if __name__ == "__main__":
    main()
