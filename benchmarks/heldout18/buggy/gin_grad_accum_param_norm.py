"""T5X-like trainer: gradient accumulation over micro-batches with lax.scan, ZeRO-gathered weights,
and a parameter-norm metric reduced by a function named in the config."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

EXTERNALS = {"psum": jax.lax.psum, "pmax": jax.lax.pmax, "pmean": jax.lax.pmean}
BINDINGS = {"train.num_microbatches": 4, "train.metric_reducer": "@pmax", "train.axis": "data"}
mesh = jax.make_mesh((8,), ("data",))


def lookup(key):
    value = BINDINGS[key]
    return EXTERNALS[value[1:]] if isinstance(value, str) and value.startswith("@") else value


def loss_fn(w_shard, x, y, axis):
    w = jax.lax.all_gather(w_shard, axis, tiled=True, to="reduced")
    return jnp.mean((x @ w - y) ** 2)


def train_step(w_shard, xs, ys):
    axis = lookup("train.axis")
    n = lookup("train.num_microbatches")
    xs = xs.reshape(n, -1, xs.shape[-1])
    ys = ys.reshape(n, -1)

    def micro(acc, batch):
        g = jax.grad(loss_fn)(w_shard, batch[0], batch[1], axis)
        return acc + g, None

    grads, _ = jax.lax.scan(micro, jnp.zeros_like(w_shard), (xs, ys))
    w_full = jax.lax.all_gather(w_shard, axis, tiled=True, to="reduced")
    norm = lookup("train.metric_reducer")(jnp.sum(w_full * w_full), axis)
    return w_shard - 0.1 * grads / n, norm


def inputs():
    x = jnp.sin(jnp.arange(64 * 8, dtype=jnp.float32)).reshape(64, 8)
    y = jnp.sum(x, axis=1)
    put = lambda a: jax.device_put(a, NamedSharding(mesh, P("data")))
    return put(jnp.ones(8) * 0.5), put(x), put(y)


def main(w, x, y):
    return jax.shard_map(train_step, mesh=mesh, in_specs=(P("data"), P("data"), P("data")),
                         out_specs=(P("data"), P()))(w, x, y)
