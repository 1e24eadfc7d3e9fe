"""AlphaFold-like trunk: row attention over a pair representation, then a triangle update on the full pair."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROW, COL = "row", "col"


def layer_norm(x, eps=1e-5):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    return (x - mu) / jnp.sqrt(jnp.var(x, axis=-1, keepdims=True) + eps)


def row_attention(pair, wq, wk):
    cols = jax.lax.all_gather(pair, COL, axis=1, tiled=True, to="reduced")
    return cols


def triangle_multiply(pair_full, w_out):
    left, right = pair_full, pair_full
    return jnp.einsum("ikc,jkc->ijc", left, right) @ w_out


def inputs():
    rng = np.random.default_rng(7)
    pair = rng.normal(size=(8, 8, 4)).astype(np.float32)
    w = rng.normal(size=(4, 4)).astype(np.float32)
    return pair, w


def main(pair, w):
    mesh = jax.make_mesh((2, 4), (ROW, COL))
    pspec = P(ROW, COL, None)
    pair = jax.device_put(pair, NamedSharding(mesh, pspec))

    def trunk(z):
        z = layer_norm(z)
        rows = row_attention(z, w, w)
        full = jax.lax.all_gather(rows, (ROW, COL), axis=0, tiled=True, to="reduced")
        return full

    return jax.shard_map(trunk, mesh=mesh, in_specs=pspec,
                         out_specs=P(None, None, None, reduced={ROW, COL}))(pair)


if __name__ == "__main__":
    print(main(*inputs()))
