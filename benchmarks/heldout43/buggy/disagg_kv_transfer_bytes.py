"""Disaggregated prefill/decode: bytes of KV cache each prefill instance must ship per step."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser(description="prefill instance")
    parser.add_argument("--instance-axis", default="instance")
    parser.add_argument("--tp-axis", default="tp")
    parser.add_argument("--kv-dtype-bytes", type=int, default=2)
    parser.add_argument("--head-dim", type=int, default=128)
    return parser.parse_args(argv)


class KVConnector:
    def __init__(self, args):
        self.args = args

    def _publish(self, total):
        return jax.lax.all_gather(total, self.args.tp_axis, axis=1, tiled=True, to="reduced")

    def transfer_bytes(self, blocks_per_head):
        per_token = 2 * self.args.head_dim * self.args.kv_dtype_bytes
        local = jnp.sum(blocks_per_head, axis=1, keepdims=True) * per_token
        total = jax.lax.psum(local, self.args.tp_axis)
        return self._publish(total)


def inputs():
    rng = np.random.default_rng(60)
    return (rng.integers(0, 64, size=(8, 16)).astype(np.float32),)


def main(blocks_per_head):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), (args.instance_axis, args.tp_axis))
    spec = P(args.instance_axis, args.tp_axis)
    blocks_per_head = jax.device_put(blocks_per_head, NamedSharding(mesh, spec))
    connector = KVConnector(args)
    fn = jax.shard_map(connector.transfer_bytes, mesh=mesh, in_specs=spec,
                       out_specs=P(args.instance_axis, None, reduced={args.tp_axis}))
    return fn(blocks_per_head)


if __name__ == "__main__":
    main(*inputs())
