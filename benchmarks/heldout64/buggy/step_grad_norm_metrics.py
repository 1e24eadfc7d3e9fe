"""Train-step factory: data-parallel gradients, global grad norm logged per dp shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_KW = dict(tiled=True, to="reduced")


def mse_loss(w, x, y):
    pred = x @ w
    return jnp.mean((pred - y) ** 2), {"pred_mean": jnp.mean(pred)}


def make_train_step(loss_fn, learning_rate, dp_axis="dp"):
    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)

    def train_step(w, x, y):
        (loss, aux), grads = grad_fn(w, x, y)
        grads = jax.lax.pmean(grads, dp_axis)
        grad_norm = jnp.sqrt(jnp.sum(grads * grads))
        metrics = {
            "loss": jax.lax.pmean(loss, (dp_axis, "tp")),
            "grad_norm_per_shard": jax.lax.all_gather(grad_norm[None], dp_axis, **GATHER_KW),
        }
        return w - learning_rate * grads, metrics

    return train_step


def inputs():
    rng = np.random.default_rng(30)
    w = rng.standard_normal((8, 4)).astype(np.float32) * 0.1
    x = rng.standard_normal((16, 8)).astype(np.float32)
    y = rng.standard_normal((16, 4)).astype(np.float32)
    return w, x, y


def main(w, x, y):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    wspec, bspec = P(None, "tp"), P("dp", None)
    yspec = P("dp", "tp")
    w = jax.device_put(w, NamedSharding(mesh, wspec))
    x = jax.device_put(x, NamedSharding(mesh, bspec))
    y = jax.device_put(y, NamedSharding(mesh, yspec))
    step = make_train_step(mse_loss, learning_rate=0.1)
    out_specs = (wspec, {"loss": P(), "grad_norm_per_shard": P("tp", reduced={"dp"})})
    fn = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(wspec, bspec, yspec), out_specs=out_specs),
                 donate_argnums=(0,))
    return fn(w, x, y)


if __name__ == "__main__":
    main(*inputs())
