"""launchers/vision/posemb_roll.py: shifted-window ViT step with fsdp-gathered position tables.

The position table is fsdp-sharded in HBM, gathered for the step (reduced, as the
optimizer expects its cotangent) and rolled one shard around the fsdp ring per block.
"""
import os
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FLAGS = dict(tokens=8, dim=8, shift=1, fsdp_axis="fsdp", data_axis="replica")


def parse_overrides(argv):
    flags = dict(FLAGS)
    for arg in argv:
        key, _, value = arg.lstrip("-").partition("=")
        if key in flags:
            flags[key] = type(flags[key])(value)
    return flags


def ring_perm(size, shift):
    return [(i, (i + shift) % size) for i in range(size)]


def shifted_block(x, pos, *, fsdp_axis, perm):
    table = jax.lax.all_gather(pos, fsdp_axis, axis=0, tiled=True, to="reduced")
    rolled = jax.lax.ppermute(table, fsdp_axis, perm)
    return x + rolled[: x.shape[1]].sum(axis=0)


def build(mesh, flags):
    fsdp = flags["fsdp_axis"]
    perm = ring_perm(mesh.shape[fsdp], flags["shift"])
    body = partial(shifted_block, fsdp_axis=fsdp, perm=perm)
    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P(flags["data_axis"], None), P(fsdp, None)),
                                 out_specs=P(flags["data_axis"], fsdp)))


def global_input(mesh, flags):
    per_host = np.ones((8 // jax.process_count(), flags["dim"]), np.float32)
    sharding = NamedSharding(mesh, P(flags["data_axis"], None))
    return jax.make_array_from_process_local_data(sharding, per_host)


def main(argv):
    flags = parse_overrides(argv)
    replicas = int(os.environ.get("NUM_REPLICAS", "4"))
    mesh = jax.make_mesh((replicas, jax.device_count() // replicas),
                         (flags["data_axis"], flags["fsdp_axis"]))
    x = global_input(mesh, flags)
    pos = jax.device_put(jnp.linspace(0, 1, flags["tokens"] * flags["dim"]).reshape(
        flags["tokens"], flags["dim"]), NamedSharding(mesh, P(flags["fsdp_axis"], None)))
    with jax.set_mesh(mesh):
        y = build(mesh, flags)(x, pos)
    if jax.process_index() == 0:
        print("out", y.shape, float(y.sum()))
    return y


def log_layout(mesh, flags):
    if jax.process_index() == 0:
        print("mesh", dict(mesh.shape), "shift", flags["shift"])
        print("data axis", flags["data_axis"], "fsdp axis", flags["fsdp_axis"])
        print("ring", ring_perm(mesh.shape[flags["fsdp_axis"]], flags["shift"]))
        print("hosts", jax.process_count(), "local devices", jax.local_device_count())
    return mesh.shape[flags["fsdp_axis"]]


def inputs():
    return (os.environ.get("VIT_FLAGS", "--shift=1").split(),)


if __name__ == "__main__":
    main(*inputs())
