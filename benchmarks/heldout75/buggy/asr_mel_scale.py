"""asr_train.py-style recipe: stage 3 builds a utterance-level mel energy profile for filtering."""
import argparse

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = """
frontend: fbank
frontend_conf:
  n_mels: 16
  gather_axis: data
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
    parser.add_argument("--stage", type=int, default=3)
    parser.add_argument("--stop_stage", type=int, default=3)
    return parser


class EnergyProfile:
    def __init__(self, frontend_conf):
        self.axis = frontend_conf["gather_axis"]
        self.n_mels = int(frontend_conf["n_mels"])

    def gather(self, x):
        return jax.lax.all_gather(x, self.axis, axis=0, tiled=True, to="reduced")

    def __call__(self, feats):
        energy = self.gather(feats * feats)
        return energy / self.n_mels


@stage(3)
def energy_profile(feats, conf, mesh):
    data, model = mesh.axis_names
    profile = EnergyProfile(conf["frontend_conf"])
    return jax.shard_map(profile, mesh=mesh, in_specs=P(data, model),
                         out_specs=P(None, model, reduced={data}))(feats)


def inputs():
    rng = np.random.default_rng(5)
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
