"""ES update: the gradient estimate summed over the axes the noise is actually sharded on."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EPS_SPEC = P("workers", None)


def spec_axes(spec):
    return tuple(a for a in spec if a is not None)


def inputs():
    rng = np.random.default_rng(53)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16,)).astype(np.float32)


def main(eps, returns):
    mesh = jax.make_mesh((4, 2), ("workers", "params"))
    eps = jax.device_put(eps, NamedSharding(mesh, EPS_SPEC))
    returns = jax.device_put(returns, NamedSharding(mesh, P("workers")))

    def grad_estimate(e, r):
        return jax.lax.psum((r[:, None] * e).sum(axis=0), spec_axes(EPS_SPEC)) / 1.6

    f = jax.jit(jax.shard_map(grad_estimate, mesh=mesh, in_specs=(EPS_SPEC, P("workers")), out_specs=P()))
    return f(eps, returns)
