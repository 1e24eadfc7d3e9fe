"""A compact trainer: forward, loss, metrics, all inside one shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Trainer:
    def __init__(self, mesh):
        self.mesh = mesh

    def make_step(self):
        def step(w, x):
            w_full = jax.lax.all_gather(w, 'data', axis=0, tiled=True, to='reduced')
            logits = x @ w_full
            loss = jax.lax.pmean(jnp.mean(logits ** 2), 'data')
            metrics = {'w_abs': jnp.abs(w_full), 'w_sq': jnp.square(w_full)}
            metrics = jax.lax.pmean(metrics, 'data')
            return loss, metrics['w_abs']

        return jax.shard_map(step, mesh=self.mesh, in_specs=(P('data', None), P('data', None)),
                             out_specs=(P(), P()))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4) / 32.0,
            np.arange(128, dtype=np.float32).reshape(16, 8) / 128.0)


def main(w, x):
    mesh = jax.make_mesh((8,), ('data',))
    w = jax.device_put(w, NamedSharding(mesh, P('data', None)))
    x = jax.device_put(x, NamedSharding(mesh, P('data', None)))
    return Trainer(mesh).make_step()(w, x)


if __name__ == "__main__":
    print(main(*inputs()))
