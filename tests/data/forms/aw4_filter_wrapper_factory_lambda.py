"""A filtered transform written by hand: the factory's wrapper prepares the parameters and calls
the user's function (a lambda), with the mesh and specs passed as keywords of the one call."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def filter_shard_map(fn, *, mesh, in_specs, out_specs):
    def wrapped(params, h):
        params = {"w": jax.lax.all_gather(params["w"], "j", axis=1, tiled=True, to="reduced")}
        return fn(params, h)
    return jax.shard_map(wrapped, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def run(mesh, x):
    f = filter_shard_map(lambda p, h: p["w"] * 4.0,  # SF106
                         mesh=mesh, in_specs=({"w": P(None, "j")}, P()),
                         out_specs=P(None, None, reduced={"j"}))
    return f({"w": jnp.asarray(x)}, jnp.asarray(x))
