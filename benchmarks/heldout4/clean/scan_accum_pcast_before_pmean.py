"""Gradient accumulation with lax.scan on a (data, fsdp) mesh: the accumulated loss is
invariant over 'fsdp' after its psum, so it is cast back to varying before the mean over both."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "fsdp")


def micro_loss(w_shard, x):
    partial = x[:, : w_shard.shape[0]] @ w_shard
    return jax.lax.psum(jnp.sum(partial ** 2), "fsdp")


def step(w_shard, xs):
    def body(acc, x):
        return acc + micro_loss(w_shard, x), None
    acc0 = jax.lax.pcast(jnp.float32(0.0), "data", to="varying")
    total, _ = jax.lax.scan(body, acc0, xs)
    total = jax.lax.pcast(total, "fsdp", to="varying")
    return jax.lax.pmean(total, AXES)


def inputs():
    return np.ones((8, 2), np.float32) / 8.0, np.arange(3 * 8 * 8, dtype=np.float32).reshape(3, 8, 8) / 100.0


def main(w, xs):
    mesh = jax.make_mesh((2, 4), AXES)
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp")))
    xs = jax.device_put(xs, NamedSharding(mesh, P(None, "data")))
    f = jax.shard_map(step, mesh=mesh, in_specs=(P("fsdp"), P(None, "data")), out_specs=P())
    return f(w, xs)


if __name__ == "__main__":
    print(main(*inputs()))
