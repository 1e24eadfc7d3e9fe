"""Stat-arb research: pair spreads against the cross-sectional mean, via research_utils."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- research_utils.sharding (vendored from the internal package, v2.3) -------------------

_MESHES = {"research": ((2, 4), ("dates", "names")), "single": ((1, 8), ("dates", "names"))}
_COLLECTIVES = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax, "min": jax.lax.pmin}


def _mesh_for(name="research"):
    shape, axes = _MESHES[name]
    return jax.make_mesh(shape, axes)


def _xs_reduce(x, how="mean", axes="names"):
    return _COLLECTIVES[how](x, axes)


def _gather_universe(x, axes="names", dim=1):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


ru = types.SimpleNamespace(mesh_for=_mesh_for, xs_reduce=_xs_reduce, gather_universe=_gather_universe)

# ---- research ---------------------------------------------------------------------------------


def pair_spreads(log_px):
    rel = log_px - log_px[:1]
    xs_mean = ru.xs_reduce(rel.mean(axis=1, keepdims=True))
    spread = rel - xs_mean
    bench = ru.gather_universe(xs_mean)
    return spread, bench


def inputs():
    rng = np.random.default_rng(601)
    return (np.cumsum(0.01 * rng.standard_normal((8, 32)), axis=0).astype(np.float32),)


def main(log_px):
    mesh = ru.mesh_for("research")
    log_px = jax.device_put(log_px, NamedSharding(mesh, P("dates", "names")))
    spread, bench = jax.shard_map(pair_spreads, mesh=mesh, in_specs=P("dates", "names"),
                                  out_specs=(P("dates", "names"), P("dates", None, reduced={"names"})))(log_px)
    print(spread.shape, bench.shape)
    return spread


if __name__ == "__main__":
    main(*inputs())
