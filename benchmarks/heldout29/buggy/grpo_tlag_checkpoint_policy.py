"""Save the policy's LM head for the inference fleet after a GRPO update."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--fsdp-axis", default="fsdp")
    ap.add_argument("--tp-axis", default="tp")
    return ap.parse_args(argv)


def save_layout(args):
    return P(None, args.tp_axis, reduced={args.fsdp_axis})


def inputs():
    rng = np.random.default_rng(304)
    return (rng.standard_normal((16, 32)).astype(np.float32) * 0.02,)


def main(head):
    args = parse([])
    mesh = jax.make_mesh((4, 2), (args.fsdp_axis, args.tp_axis))
    head = jax.device_put(head, NamedSharding(mesh, P(args.fsdp_axis, args.tp_axis)))
    saved = jax.lax.stop_gradient(head)
    return top_level_all_gather(saved, save_layout(args))


if __name__ == "__main__":
    print(main(*inputs()))
