"""Risk parity: average marginal risk contribution across the (asset, scenario) mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def risk_contribution_gap(mesh):
    asset_axis = mesh.axis_names[0]

    def body(w, r):
        port = jax.lax.psum(r @ w, asset_axis)
        mrc = (r * port[:, None]).mean(axis=0) * w
        total_risk = jax.lax.psum(mrc.sum(), asset_axis)
        return jax.lax.pmean(total_risk, mesh.axis_names)

    return body


def inputs():
    rng = np.random.default_rng(65)
    return np.full((16,), 1 / 16, np.float32), rng.normal(0, 0.01, (32, 16)).astype(np.float32)


def main(w, r):
    mesh = jax.make_mesh((4, 2), ("assets", "scenarios"))
    w = jax.device_put(w, NamedSharding(mesh, P("assets")))
    r = jax.device_put(r, NamedSharding(mesh, P("scenarios", "assets")))
    fn = jax.shard_map(risk_contribution_gap(mesh), mesh=mesh,
                       in_specs=(P("assets"), P("scenarios", "assets")), out_specs=P())
    return fn(w, r)


if __name__ == "__main__":
    print(main(*inputs()))
