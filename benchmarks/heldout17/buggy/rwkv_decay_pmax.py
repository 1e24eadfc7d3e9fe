"""RWKV-like WKV kernel in a scan: the per-channel decay is assembled and its max used for stability."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

HEADS = "heads"


def wkv(w_local, k, v):
    w = jax.lax.all_gather(w_local, HEADS, tiled=True, to="reduced")

    def step(carry, kv):
        num, den = carry
        kt, vt = kv
        w_max = jax.lax.pmax(w, HEADS)
        decay = jnp.exp(-jnp.exp(jnp.max(w_max)))
        num = decay * num + jnp.exp(kt) * vt
        den = decay * den + jnp.exp(kt)
        return (num, den), num / den

    init = (jnp.zeros_like(k[0]), jnp.zeros_like(k[0]))
    _, out = jax.lax.scan(step, init, (k, v))
    return out


def inputs():
    mesh = jax.make_mesh((8,), (HEADS,))
    w = jnp.linspace(-1, 0, 16)
    k = jnp.linspace(0, 1, 5 * 16).reshape(5, 16)
    return mesh, w, k, k * 2


def main(mesh, w, k, v):
    w = jax.device_put(w, NamedSharding(mesh, P(HEADS)))
    k, v = (jax.device_put(a, NamedSharding(mesh, P(None, HEADS))) for a in (k, v))
    f = jax.shard_map(wkv, mesh=mesh, in_specs=(P(HEADS), P(None, HEADS), P(None, HEADS)),
                      out_specs=P(None, HEADS))
    return f(w, k, v)
