"""Compression branch of NSA: mean-pooled key blocks, scanned over decoder layers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CTX = "ctx"
BLOCK = 4


def layer(h, w):
    keys = jax.lax.all_gather(h @ w, CTX, tiled=True, to="reduced")
    blocks = keys.reshape(-1, BLOCK, keys.shape[-1])
    compressed = jnp.mean(blocks, axis=1)
    scores = jnp.einsum("td,bd->tb", h, compressed)
    attn = jax.nn.softmax(scores, axis=-1)
    return h + attn @ compressed


def forward(h, weights):
    def scan_step(carry, w):
        return layer(carry, w), None

    out, _ = jax.lax.scan(scan_step, h, weights)
    return out


def inputs():
    rng = np.random.default_rng(15)
    return (rng.normal(size=(16, 8)).astype(np.float32),
            (rng.normal(size=(3, 8, 8)) * 0.1).astype(np.float32))


def main(h, weights):
    mesh = jax.make_mesh((2, 4), (CTX, "head"))
    h = jax.device_put(h, NamedSharding(mesh, P(CTX, None)))
    weights = jax.device_put(weights, NamedSharding(mesh, P()))
    return jax.shard_map(forward, mesh=mesh, in_specs=(P(CTX, None), P()),
                         out_specs=P(CTX, None))(h, weights)


if __name__ == "__main__":
    print(main(*inputs()).shape)
