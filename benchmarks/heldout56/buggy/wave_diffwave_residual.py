"""DiffWave residual layers in a scan; the skip activations are gathered for a receptive-field probe."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DiffWaveConfig(NamedTuple):
    residual_layers: int = 3
    dilation_cycle: int = 2
    axes: tuple = ("batch", "time")


def make_residual_stack(cfg=DiffWaveConfig()):
    batch_axis, time_axis = cfg.axes

    def layer(h, scale):
        gate = jnp.tanh(h * scale) * jax.nn.sigmoid(h)
        return h + gate, gate

    def probe(skips):
        over_time = jax.lax.all_gather(skips, time_axis, axis=2, tiled=True, to="reduced")
        return jax.lax.all_gather(over_time, (time_axis, batch_axis), axis=1, tiled=True, to="reduced")

    def stack(x):
        scales = jnp.asarray([2.0 ** (i % cfg.dilation_cycle) for i in range(cfg.residual_layers)])
        h, skips = jax.lax.scan(layer, x, scales)
        return h, probe(skips)

    return stack


def inputs():
    return (np.random.default_rng(27).standard_normal((8, 16), dtype=np.float32),)


def main(wave):
    mesh = jax.make_mesh((4, 2), DiffWaveConfig().axes)
    wave = jax.device_put(wave, NamedSharding(mesh, P("batch", "time")))
    h, skips = jax.shard_map(make_residual_stack(), mesh=mesh, in_specs=P("batch", "time"),
                             out_specs=(P("batch", "time"), P(None, None, None, reduced={"batch", "time"})))(wave)
    print(skips.shape)
    return h


if __name__ == "__main__":
    main(*inputs())
