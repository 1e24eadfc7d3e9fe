"""Restore EMA parameters from a checkpoint and fold in the live weights (EMA kept whole per row)."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class TrainState:
    params: jax.Array
    ema_params: jax.Array
    step: jax.Array


@dataclasses.dataclass(frozen=True)
class EmaConfig:
    decay: float = 0.999
    row_axis: str = "fsdp"


def whole_rows(x, axis_name):
    return jax.lax.all_gather(x, axis_name, axis=0, tiled=True, to="reduced")


def make_ema_step(config):
    def ema_step(state):
        ema_full = whole_rows(state.ema_params, config.row_axis)
        params_full = whole_rows(state.params, config.row_axis)
        drift = params_full - ema_full
        local_drift = jax.lax.psum_scatter(drift, config.row_axis, scatter_dimension=0, tiled=True)
        ema = state.ema_params + (1.0 - config.decay) * local_drift
        return dataclasses.replace(state, ema_params=ema, step=state.step + 1)
    return ema_step


def inputs():
    rng = np.random.default_rng(52)
    w = rng.normal(size=(16, 8)).astype(np.float32)
    return (w, w + 0.01 * rng.normal(size=(16, 8)).astype(np.float32), np.int32(100))


def main(params, ema_params, step):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    spec = P("fsdp", "tensor")
    state = TrainState(jax.device_put(params, NamedSharding(mesh, spec)),
                       jax.device_put(ema_params, NamedSharding(mesh, spec)),
                       jax.device_put(step, NamedSharding(mesh, P())))
    specs = TrainState(spec, spec, P())
    fn = jax.shard_map(make_ema_step(EmaConfig()), mesh=mesh, in_specs=(specs,), out_specs=specs)
    return jax.jit(fn)(state)


if __name__ == "__main__":
    print(main(*inputs()).step)
