"""asr_train.py-style recipe: stage 1 collects global CMVN statistics over the training set."""
import argparse

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = """
frontend: fbank
frontend_conf:
  n_mels: 16
normalize: global_mvn
normalize_conf:
  stats_axis: data
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


def get_parser():
    parser = argparse.ArgumentParser(description="ASR training recipe")
    parser.add_argument("--stage", type=int, default=1)
    parser.add_argument("--stop_stage", type=int, default=1)
    return parser


def build_mesh(conf):
    shape = tuple(int(s) for s in conf["mesh_shape"].split(","))
    return jax.make_mesh(shape, tuple(conf["axes"].split(",")))


def gather_stats(stats, axis):
    return jax.lax.all_gather(stats, axis, axis=0, tiled=True, to="reduced")


@stage(1)
def collect_stats(feats, conf, mesh):
    data, model = mesh.axis_names
    stats_axis = conf["normalize_conf"]["stats_axis"]

    def body(x):
        frame_sum = jax.lax.psum(x.sum(axis=0, keepdims=True), data)
        frame_sum = jax.lax.pcast(frame_sum, data, to="varying")
        return gather_stats(frame_sum, stats_axis)

    return jax.shard_map(body, mesh=mesh, in_specs=P(data, model),
                         out_specs=P(None, model, reduced={data}))(feats)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(feats):
    args = get_parser().parse_args([])
    conf = parse_config(CONFIG)
    mesh = build_mesh(conf["parallel"])
    feats = jax.device_put(feats, NamedSharding(mesh, P(*mesh.axis_names)))
    out = None
    for n in range(args.stage, args.stop_stage + 1):
        out = STAGES[n](feats, conf, mesh)
    return out


if __name__ == "__main__":
    print(main(*inputs()))
