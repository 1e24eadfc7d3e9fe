"""asr_train.py-style recipe: stage 2 collects frame statistics for the fbank frontend."""
import argparse

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = """
frontend: fbank
frontend_conf:
  n_mels: 16
  stats_axes: data,model
parallel:
  mesh_shape: 2,4
  axes: data,model
"""

STAGES = {}


def stage(n):
    def register(fn):
        STAGES[n] = fn
        return fn
    return register


def parse_config(text):
    root = {}
    stack = [(-1, root)]
    for raw in text.splitlines():
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip())
        key, _, value = raw.strip().partition(":")
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if value.strip():
            parent[key] = value.strip()
        else:
            parent[key] = {}
            stack.append((indent, parent[key]))
    return root


def apply_overrides(conf, overrides):
    for item in overrides:
        dotted, _, value = item.partition("=")
        *path, leaf = dotted.split(".")
        node = conf
        for key in path:
            node = node.setdefault(key, {})
        node[leaf] = value
    return conf


def build_mesh(conf):
    shape = tuple(int(s) for s in conf["mesh_shape"].split(","))
    return jax.make_mesh(shape, tuple(conf["axes"].split(",")))


def get_parser():
    parser = argparse.ArgumentParser(description="ASR training recipe")
    parser.add_argument("--stage", type=int, default=2)
    parser.add_argument("--stop_stage", type=int, default=2)
    parser.add_argument("--frontend_conf", action="append", default=[])
    return parser


def gather_stats(stats, axes, dim):
    return jax.lax.all_gather(stats, axes, axis=dim, tiled=True, to="reduced")


@stage(2)
def collect_frame_stats(feats, conf, mesh):
    data, model = mesh.axis_names
    stats_axes = tuple(conf["frontend_conf"]["stats_axes"].split(","))

    def body(x):
        per_utt = gather_stats(x, model, 1)
        return gather_stats(per_utt, stats_axes, 0)

    return jax.shard_map(body, mesh=mesh, in_specs=P(data, model),
                         out_specs=P(None, None, reduced={data, model}))(feats)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(feats):
    args = get_parser().parse_args([])
    conf = apply_overrides(parse_config(CONFIG), [f"frontend_conf.{o}" for o in args.frontend_conf])
    mesh = build_mesh(conf["parallel"])
    feats = jax.device_put(feats, NamedSharding(mesh, P(*mesh.axis_names)))
    out = None
    for n in range(args.stage, args.stop_stage + 1):
        out = STAGES[n](feats, conf, mesh)
    return out


if __name__ == "__main__":
    print(main(*inputs()))
