"""Heat-bath sweeps of a mean-field Potts model whose local field is the colour count of all sites."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

Q = 3
N_REPLICAS = 4
N_SITES = 32
N_SWEEPS = 3


class Config:
    def __init__(self, beta=1.2, sweeps=N_SWEEPS, replica_axis="replica", site_axis="site"):
        self.beta = beta
        self.sweeps = sweeps
        self.replica_axis = replica_axis
        self.site_axis = site_axis


def heat_bath(cfg):
    def body(states, gumbel):
        onehot = jax.nn.one_hot(states, Q, dtype=jnp.float32)
        neighbours = jax.lax.all_gather(onehot, cfg.site_axis, axis=1, tiled=True,
                                        to="reduced")

        def sweep(k, st):
            counts = jax.lax.pcast(neighbours.sum(axis=1), cfg.site_axis, to="varying")
            field = jax.lax.psum(counts, cfg.site_axis) / (4 * N_SITES)
            logits = cfg.beta * field[:, None, :] + gumbel[k]
            return jnp.argmax(logits, axis=-1).astype(st.dtype)

        return jax.lax.fori_loop(0, cfg.sweeps, sweep, states)

    return body


def inputs():
    rng = np.random.default_rng(8)
    states = rng.integers(0, Q, size=(N_REPLICAS, N_SITES)).astype(np.int32)
    gumbel = rng.gumbel(size=(N_SWEEPS, N_REPLICAS, N_SITES, Q)).astype(np.float32)
    return states, gumbel


def main(states, gumbel):
    cfg = Config()
    mesh = jax.make_mesh((2, 4), (cfg.replica_axis, cfg.site_axis))
    spec = P(cfg.replica_axis, cfg.site_axis)
    noise_spec = P(None, cfg.replica_axis, cfg.site_axis, None)
    states = jax.device_put(states, NamedSharding(mesh, spec))
    gumbel = jax.device_put(gumbel, NamedSharding(mesh, noise_spec))
    fn = jax.shard_map(heat_bath(cfg), mesh=mesh, in_specs=(spec, noise_spec), out_specs=spec)
    return fn(states, gumbel)


if __name__ == "__main__":
    main(*inputs())
