"""Classifier-free guidance mixed on the local pixel shard, then gathered reduced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GUIDANCE = 3.0


def guide(eps_c, eps_u, scale=GUIDANCE):
    return eps_u + scale * (eps_c - eps_u)


def inputs():
    rng = np.random.default_rng(116)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16, 16)).astype(np.float32) / 4


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("batch", "pixels"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "pixels")))

    def sample_step(x, w):
        eps_c = jnp.tanh(x @ w + 1.0)
        eps_u = jnp.tanh(x @ w)
        return jax.lax.all_gather(guide(eps_c, eps_u), "pixels", axis=1, tiled=True, to="reduced")

    return jax.shard_map(sample_step, mesh=mesh, in_specs=(P("batch", None), P(None, "pixels")),
                         out_specs=P("batch", None, reduced={"pixels"}))(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
