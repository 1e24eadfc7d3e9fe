import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(11)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def make_gram_body(mesh, alpha=1.0):
    data_axis, feat_axis = mesh.axis_names

    def gram_body(X):
        block = X.T @ X + alpha * jnp.eye(X.shape[1], dtype=X.dtype)
        stacked = jax.lax.all_gather(block, data_axis, to="reduced")
        return jax.lax.all_gather(stacked, mesh.axis_names, to="reduced")

    return gram_body


def main(X):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    X = jax.device_put(X, NamedSharding(mesh, P("data", "feat")))
    body = make_gram_body(mesh, alpha=0.1)
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "feat"),
                      out_specs=P(None, None, None, None, reduced={"data", "feat"}))
    return f(X)


if __name__ == "__main__":
    main(*inputs())
