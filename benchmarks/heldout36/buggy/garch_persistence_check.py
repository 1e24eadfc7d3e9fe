"""GARCH diagnostics: average persistence alpha+beta across the fitted universe."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = {"assets": 4, "regimes": 2}


def persistence(params, axes=tuple(MESH_SHAPE)):
    asset_axis, regime_axis = axes
    alpha, beta = params[..., 0], params[..., 1]
    by_regime = jax.lax.pmax(alpha + beta, regime_axis)

    def body(i, acc):
        return acc + by_regime[i].mean()

    s = jax.lax.fori_loop(0, by_regime.shape[0], body, jnp.zeros_like(by_regime[0].mean()))
    return jax.lax.pmean(s / by_regime.shape[0], axes)


def inputs():
    rng = np.random.default_rng(45)
    a = rng.uniform(0.03, 0.12, (8, 4, 1))
    b = rng.uniform(0.8, 0.86, (8, 4, 1))
    return (np.concatenate([a, b], axis=-1).astype(np.float32),)


def main(params):
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    spec = P("assets", "regimes", None)
    params = jax.device_put(params, NamedSharding(mesh, spec))
    fn = jax.shard_map(persistence, mesh=mesh, in_specs=spec, out_specs=P())
    return fn(params)


if __name__ == "__main__":
    print(main(*inputs()))
