"""The same factory, but its arguments come from a starred tuple before the spread
(`build(*ARGS, **CONF)`): the gather runs over "i", on which the sum over "j" still varies.
Correct code: an argument spread by `*` is not read as the one written first."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

CONF = {"scale": 2.0, "normalize": False}
ARGS = ("i",)


def build(axis, scale, normalize):
    def body(block):
        total = jax.lax.psum(block, "j") * scale
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")

    return body


def main(mesh, x):
    body = build(*ARGS, **CONF)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
