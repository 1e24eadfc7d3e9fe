"""Newton leaf weights -G/(H+lambda) from gradient sums gathered over row shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("rows", "feat"))
LEAF_RULES = {
    "newton": lambda G, H, lam: -G / (H + lam),
    "sign": lambda G, H, lam: -jnp.sign(G),
}


def leaf_weights(grad_sums, hess_sums, rule="newton", lam=1.0):
    G = jax.lax.all_gather(grad_sums, "rows", axis=0, tiled=True, to="reduced")
    H = jax.lax.psum(hess_sums.sum(axis=0), "rows")
    return LEAF_RULES[rule](G, H, lam)


def body(grad_sums, hess_sums):
    w = leaf_weights(grad_sums, hess_sums)
    return jax.lax.psum(w, "rows")


def inputs():
    g = jax.random.normal(jax.random.key(37), (8, 4))
    h = jax.random.uniform(jax.random.key(38), (8, 4))
    s = NamedSharding(mesh, P("rows", "feat"))
    return jax.device_put(g, s), jax.device_put(h, s)


def main(g, h):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("rows", "feat"), P("rows", "feat")),
                         out_specs=P(None, "feat"))(g, h)
