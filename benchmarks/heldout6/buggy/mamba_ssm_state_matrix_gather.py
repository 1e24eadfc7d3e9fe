"""Mamba-like selective scan: channels sharded over 'tp', sequences over 'dp'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

DP, TP = "dp", "tp"
mesh = jax.make_mesh((2, 4), (DP, TP))


def selective_scan(a_log, x):
    a = -jnp.exp(a_log)

    def body(h, xt):
        h = jnp.exp(a) * h + xt
        return h, h

    h0 = jnp.zeros_like(x[0])
    _, hs = jax.lax.scan(body, h0, x)
    return hs


def block(a_log, x):
    hs = selective_scan(a_log, x)
    a_full = jax.lax.all_gather(a_log, TP, tiled=True, to="reduced")
    a_all = jax.lax.all_gather(a_full, (DP, TP), tiled=True, to="reduced")
    return hs, a_all


def inputs():
    a_log = jnp.linspace(-1.0, 0.0, 16).reshape(2, 8)
    x = jnp.ones((2, 6, 8))
    return (jax.device_put(a_log, NamedSharding(mesh, P(DP, TP))),
            jax.device_put(x, NamedSharding(mesh, P(DP, None, TP))))


def main(a_log, x):
    f = jax.shard_map(lambda a, xs: block(a[0], xs[0]), mesh=mesh,
                      in_specs=(P(DP, TP), P(DP, None, TP)),
                      out_specs=(P(DP, TP), P(reduced={DP, TP})))
    return f(a_log, x)
