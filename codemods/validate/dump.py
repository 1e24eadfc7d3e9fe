"""Run one fixture program and save what it computes: `python dump.py PROGRAM OUT.npz [grad]`.

Started with the Python of whichever JAX the program is checked on (an old JAX's environment
or the installed one), so it imports nothing of shardfix and only what every JAX since 0.4.30
offers. Saves the leaves of `main(*inputs())` as out0, out1, ... and, with `grad`, the
gradients of `loss` over the floating-point inputs as grad0, grad1, ...
"""
import importlib.util
import sys

import numpy as np


def _load(path):
    spec = importlib.util.spec_from_file_location("program", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(path, out, want_grad):
    import jax

    module = _load(path)
    args = module.inputs()
    saved_leaves = jax.tree_util.tree_leaves(module.main(*args))
    saved = {f"out{i}": np.asarray(leaf) for i, leaf in enumerate(saved_leaves)}
    if want_grad and callable(getattr(module, "loss", None)):
        argnums = tuple(i for i, a in enumerate(args) if np.issubdtype(np.asarray(a).dtype, np.inexact))
        grad_fn = jax.grad(module.loss, argnums=argnums)
        try:
            grads = grad_fn(*args)
        except Exception:
            # Explicit meshes (the default of jax.make_mesh since 0.9.0) need a context mesh.
            meshes = [getattr(getattr(leaf, "sharding", None), "mesh", None) for leaf in saved_leaves]
            mesh = next((m for m in meshes if isinstance(m, jax.sharding.Mesh)), None)
            if mesh is None or not hasattr(jax, "set_mesh"):
                raise
            with jax.set_mesh(mesh):
                grads = grad_fn(*args)
        saved.update({f"grad{i}": np.asarray(leaf) for i, leaf in enumerate(jax.tree_util.tree_leaves(grads))})
    np.savez(out, **saved)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], len(sys.argv) > 3)
