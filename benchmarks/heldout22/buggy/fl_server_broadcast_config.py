"""FedAvg server step: weighted client deltas are averaged and broadcast back to every client slot."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class FedConfig:
    client_axis: str = "clients"
    model_axis: str = "model"
    server_lr: float = 1.0


def weighted_delta(delta, num_examples, cfg):
    total = jax.lax.psum(num_examples, cfg.client_axis)
    return jax.lax.psum(delta * (num_examples / total), cfg.client_axis)


def make_server_step(mesh, cfg=FedConfig()):
    def server_step(global_w, delta, num_examples):
        avg = weighted_delta(delta, num_examples, cfg)
        new_w = global_w + cfg.server_lr * avg
        return jax.lax.all_gather(new_w, cfg.client_axis, axis=0, tiled=True, to="reduced")

    return jax.shard_map(
        server_step,
        mesh=mesh,
        in_specs=(P(None, cfg.model_axis), P(cfg.client_axis, cfg.model_axis), P(cfg.client_axis, None)),
        out_specs=P(None, cfg.model_axis, reduced={cfg.client_axis}),
    )


def inputs():
    rng = np.random.default_rng(0)
    global_w = rng.normal(size=(1, 16)).astype(np.float32)
    delta = rng.normal(size=(4, 16)).astype(np.float32) * 0.01
    num_examples = np.array([[120.0], [80.0], [200.0], [40.0]], np.float32)
    return global_w, delta, num_examples


def main(global_w, delta, num_examples):
    cfg = FedConfig()
    mesh = jax.make_mesh((4, 2), (cfg.client_axis, cfg.model_axis))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    global_w = put(global_w, P(None, cfg.model_axis))
    delta = put(delta, P(cfg.client_axis, cfg.model_axis))
    num_examples = put(num_examples, P(cfg.client_axis, None))
    return make_server_step(mesh, cfg)(global_w, delta, num_examples)


if __name__ == "__main__":
    print(main(*inputs()))
