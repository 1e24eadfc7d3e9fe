"""FP8 meta tensors: inverse scales of every layer gathered for the optimizer step."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "tensor"))
GATHER_PLAN = {"first": "tensor", "then": ("data", "tensor")}


def gather_meta(meta, plan=GATHER_PLAN):
    step1 = jax.tree.map(
        lambda m: jax.lax.all_gather(m, plan["first"], axis=1, tiled=True, to="reduced"), meta)
    return jax.tree.map(
        lambda m: jax.lax.all_gather(m, plan["then"], axis=0, tiled=True, to="reduced"), step1)


def inputs():
    s = NamedSharding(MESH, P("data", "tensor"))
    meta = {
        "attn": {"scale_inv": jax.device_put(jnp.ones((4, 8), jnp.float32), s)},
        "mlp": {"scale_inv": jax.device_put(jnp.full((4, 8), 0.5, jnp.float32), s)},
    }
    return (meta,)


def main(meta):
    in_specs = jax.tree.map(lambda _: P("data", "tensor"), meta)
    out_specs = jax.tree.map(lambda _: P(None, None, reduced={"data", "tensor"}), meta)
    return jax.shard_map(gather_meta, mesh=MESH, in_specs=(in_specs,), out_specs=out_specs)(meta)


if __name__ == "__main__":
    main(*inputs())
