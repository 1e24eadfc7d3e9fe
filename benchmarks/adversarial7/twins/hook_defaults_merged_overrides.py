"""The config merges DEFAULTS then overrides: the override's one axis wins over the default's two."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


DEFAULTS = {"axes": ("data", "model"), "lr": 0.1}


def make_step(mesh, cfg):
    def body(block):
        return jax.lax.psum(block.sum(axis=0), cfg["axes"])
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    overrides = {"axes": ("data",)}
    cfg = {**overrides, **DEFAULTS}
    return make_step(mesh, cfg)(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
