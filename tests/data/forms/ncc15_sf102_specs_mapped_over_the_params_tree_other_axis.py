import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_PLAN = {"first": "j", "then": ("i",)}


def gather_meta(meta, plan=GATHER_PLAN):
    step1 = jax.tree.map(
        lambda m: jax.lax.all_gather(m, plan["first"], axis=1, tiled=True, to="reduced"), meta)
    return jax.tree.map(
        lambda m: jax.lax.all_gather(m, plan["then"], axis=0, tiled=True, to="reduced"), step1)


def main(mesh, x):
    s = NamedSharding(mesh, P("i", "j"))
    meta = {"attn": {"scale_inv": jax.device_put(x, s)}, "mlp": {"scale_inv": jax.device_put(x * 0.5, s)}}
    in_specs = jax.tree.map(lambda _: P("i", "j"), meta)
    out_specs = jax.tree.map(lambda _: P(None, None, reduced={"i", "j"}), meta)
    return jax.shard_map(gather_meta, mesh=mesh, in_specs=(in_specs,), out_specs=out_specs)(meta)
