"""Decoder LM: final layer norm before the (replicated) unembedding.

Layer norm runs on whole hidden vectors, so the hidden dim is gathered first; the
gather axis comes from the logical layout string.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "2x4"
AXES = "data model"
LAYOUT = "batch:data hidden:model"


def rms_norm(h, eps=1e-6):
    return h * jax.lax.rsqrt(jnp.mean(h * h, axis=-1, keepdims=True) + eps)


def inputs():
    rng = np.random.default_rng(45)
    return (rng.normal(size=(8, 32)).astype(np.float32),)


def main(h):
    mesh = jax.make_mesh(tuple(int(n) for n in MESH.split("x")), tuple(AXES.split()))
    logical = dict(w.split(":") for w in LAYOUT.split())
    spec = P(logical["batch"], logical["hidden"])
    h = jax.device_put(h, NamedSharding(mesh, spec))

    def body(x):
        full = jax.lax.all_gather(x, logical["hidden"], axis=1, tiled=True, to="reduced")
        return rms_norm(full)

    out = jax.shard_map(body, mesh=mesh, in_specs=spec,
                        out_specs=P(logical["batch"], None, reduced={logical["hidden"]}))(h)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
