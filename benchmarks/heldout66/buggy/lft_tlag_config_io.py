"""Save gauge configurations in the ILDG-like layout the analysis code reads (space-major)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

NT, NX = 16, 16


def get_parser():
    p = argparse.ArgumentParser(description="gauge configuration writer")
    p.add_argument("--mesh-axes", default="t,x")
    p.add_argument("--lattice-layout", default="t,x")
    p.add_argument("--save-layout", default="x")
    p.add_argument("--ensemble", default="u1_b2.0_16x16")
    return p


def lattice_spec(args):
    return P(None, tuple(args.lattice_layout.split(",")))


def save_spec(args):
    return P(None, args.save_layout)


class ConfigWriter:
    def __init__(self, args):
        self.args = args
        self.written = {}

    def write(self, traj, links):
        gathered = top_level_all_gather(links, save_spec(self.args))
        self.written[f"{self.args.ensemble}.{traj:05d}"] = gathered
        return gathered


def inputs():
    rng = np.random.default_rng(43)
    return (rng.uniform(-np.pi, np.pi, size=(2, NT * NX)).astype(np.float32),)


def main(links):
    args = get_parser().parse_args([])
    mesh = jax.make_mesh((2, 4), tuple(args.mesh_axes.split(",")))
    links = jax.device_put(links, NamedSharding(mesh, lattice_spec(args)))
    writer = ConfigWriter(args)
    with jax.set_mesh(mesh):
        out = writer.write(100, links)
    return out


if __name__ == "__main__":
    main(*inputs())
