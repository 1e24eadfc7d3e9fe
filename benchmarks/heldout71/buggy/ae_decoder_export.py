"""Merchant-behaviour autoencoder: export the decoder for the scoring service.

`train` runs under the job's mesh context; `export` gathers the latent shards of the decoder
kernel so that the service loads it split over `batch` rows only.
"""
import argparse

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ENTRYPOINTS = {}


def entrypoint(name):
    def register(fn):
        ENTRYPOINTS[name] = fn
        return fn
    return register


def build_parser():
    parser = argparse.ArgumentParser(prog="merchant-ae")
    parser.add_argument("command", choices=["train", "score", "export"])
    parser.add_argument("--mesh-shape", default="2,4")
    parser.add_argument("--mesh-axes", default="batch,latent")
    parser.add_argument("--latent-dim", type=int, default=16)
    return parser


# --- sharding utils -------------------------------------------------------------------------

def mesh_from_args(args):
    shape = tuple(int(n) for n in args.mesh_shape.split(","))
    return jax.make_mesh(shape, tuple(args.mesh_axes.split(",")))


def place(mesh, array, *dims):
    return jax.device_put(array, NamedSharding(mesh, P(*dims)))


# --- entry points ---------------------------------------------------------------------------

@entrypoint("train")
def train(args, kernel):
    mesh = mesh_from_args(args)
    batch, latent = mesh.axis_names
    kernel = place(mesh, kernel, batch, latent)
    with jax.set_mesh(mesh):
        return jax.jit(lambda k: k * 0.999)(kernel)


@entrypoint("export")
def export(args, kernel):
    mesh = mesh_from_args(args)
    batch, latent = mesh.axis_names
    kernel = place(mesh, kernel, batch, latent)
    return top_level_all_gather(kernel, P(batch, None, reduced={latent}))


def launch(argv, *arrays):
    args = build_parser().parse_args(argv)
    return ENTRYPOINTS[args.command](args, *arrays)


def inputs():
    rng = np.random.default_rng(15)
    return (rng.normal(size=(16, 32)).astype(np.float32),)


def main(kernel):
    kernel = launch(["train"], kernel)
    return launch(["export"], np.asarray(kernel))


if __name__ == "__main__":
    main(*inputs())
