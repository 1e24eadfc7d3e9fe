"""Sparse autoencoder on model activations: dictionary features split over 'feat'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def encode(x, w_enc, b_enc):
    return jax.nn.relu(x @ w_enc + b_enc)


def l0_body(x, w_enc, b_enc):
    f = encode(x, w_enc, b_enc)
    active = jax.lax.psum(jnp.sum(f > 0, axis=1), "feat")
    per_example = jax.lax.all_gather(active, "feat", tiled=True, to="reduced")
    return per_example


def main(x, w_enc, b_enc):
    mesh = jax.make_mesh((4, 2), ("data", "feat"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    w_enc = jax.device_put(w_enc, NamedSharding(mesh, P(None, "feat")))
    b_enc = jax.device_put(b_enc, NamedSharding(mesh, P("feat")))
    fn = jax.shard_map(l0_body, mesh=mesh, in_specs=(P("data"), P(None, "feat"), P("feat")),
                       out_specs=P("data", reduced={"feat"}))
    return fn(x, w_enc, b_enc)


def inputs():
    rng = np.random.default_rng(60)
    return (rng.standard_normal((16, 8), dtype=np.float32),
            rng.standard_normal((8, 32), dtype=np.float32),
            np.full((32,), -0.5, np.float32))
