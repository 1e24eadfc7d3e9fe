"""Coil sensitivity maps: gathered to reduced for the forward model, then a replicated copy for ESPIRiT."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("slice", "coil"))


def forward_maps(maps):
    return jax.lax.all_gather(maps, "coil", axis=1, tiled=True, to="reduced")


def espirit_copy(maps_all):
    return jax.lax.all_gather(maps_all, "coil", axis=1, tiled=True, to="invarying")


def body(maps):
    full = forward_maps(maps)
    replicated = espirit_copy(full)
    return replicated


def inputs():
    maps = jax.random.normal(jax.random.key(62), (8, 8, 32))
    return (jax.device_put(maps, NamedSharding(mesh, P("slice", "coil", None))),)


def main(maps):
    return jax.shard_map(body, mesh=mesh, in_specs=P("slice", "coil", None), out_specs=P("slice", None, None))(maps)
