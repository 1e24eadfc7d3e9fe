"""arch-like GARCH(1,1): long-run variance target shared by every asset shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GARCH:
    def __init__(self, p=1, q=1, *, obs_axis="obs", asset_axis="assets"):
        self.p, self.q = p, q
        self.obs_axis = obs_axis
        self.asset_axis = asset_axis

    def variance_target(self, resid):
        n = jax.lax.psum(resid.shape[0], self.obs_axis)
        sample_var = jax.lax.psum((resid ** 2).sum(axis=0), self.obs_axis) / n
        return jax.lax.all_gather(sample_var, self.obs_axis, to="reduced")


def arch_model(mesh, **kw):
    obs_axis, asset_axis = mesh.axis_names
    return GARCH(obs_axis=obs_axis, asset_axis=asset_axis, **kw)


def inputs():
    rng = np.random.default_rng(41)
    return (rng.standard_t(5, (64, 8)).astype(np.float32) * 0.01,)


def main(resid):
    mesh = jax.make_mesh((4, 2), ("obs", "assets"))
    model = arch_model(mesh, p=1, q=1)
    spec = P(model.obs_axis, model.asset_axis)
    resid = jax.device_put(resid, NamedSharding(mesh, spec))
    fn = jax.shard_map(model.variance_target, mesh=mesh, in_specs=spec,
                       out_specs=P(None, model.asset_axis, reduced={model.obs_axis}))
    return fn(resid)


if __name__ == "__main__":
    print(main(*inputs()))
