"""asr_train.py-style recipe: stage 11 trains, stage 12 dumps encoder outputs for the LM fusion study."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = """
encoder: conformer
encoder_conf:
  output_size: 16
dump:
  layout: model
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
    parser.add_argument("--stage", type=int, default=11)
    parser.add_argument("--stop_stage", type=int, default=12)
    return parser


@stage(11)
def train(enc_out, conf, mesh):
    with jax.set_mesh(mesh):
        return jax.jit(lambda h: jnp.tanh(h) * 0.5)(enc_out)


@stage(12)
def dump_encoder(enc_out, conf, mesh):
    data, _ = mesh.axis_names
    layout = P(None, conf["dump"]["layout"], reduced={data})
    with jax.set_mesh(mesh):
        return top_level_all_gather(enc_out, layout)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(enc_out):
    args = get_parser().parse_args([])
    conf = parse_config(CONFIG)
    mesh = build_mesh(conf["parallel"])
    enc_out = jax.device_put(enc_out, NamedSharding(mesh, P(*mesh.axis_names)))
    for n in range(args.stage, args.stop_stage + 1):
        enc_out = STAGES[n](enc_out, conf, mesh)
    return enc_out


if __name__ == "__main__":
    print(main(*inputs()))
