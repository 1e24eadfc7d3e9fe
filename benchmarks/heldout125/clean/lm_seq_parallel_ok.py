"""lm_seq_parallel_ok.py: sequence-parallel MLP block: reduce_scatter after the row-parallel matmul."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- torchish: the torch.nn / torch.distributed / DataLoader bits our port uses (pasted) -----


class Module:
    def __init__(self):
        object.__setattr__(self, "_params", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_modules", {})
        object.__setattr__(self, "training", True)

    def __setattr__(self, name, value):
        if isinstance(value, Module):
            self._modules[name] = value
        object.__setattr__(self, name, value)

    def register_parameter(self, name, value):
        self._params[name] = value
        object.__setattr__(self, name, value)

    def register_buffer(self, name, value):
        self._buffers[name] = value
        object.__setattr__(self, name, value)

    def named_parameters(self, prefix=""):
        yield from ((prefix + k, v) for k, v in self._params.items())
        for name, m in self._modules.items():
            yield from m.named_parameters(prefix + name + ".")

    def state_dict(self, prefix=""):
        out = {prefix + k: v for k, v in {**self._params, **self._buffers}.items()}
        for name, m in self._modules.items():
            out.update(m.state_dict(prefix + name + "."))
        return out

    def load_state_dict(self, sd, prefix=""):
        for k in list(self._params):
            self.register_parameter(k, sd[prefix + k])
        for k in list(self._buffers):
            self.register_buffer(k, sd[prefix + k])
        for name, m in self._modules.items():
            m.load_state_dict(sd, prefix + name + ".")
        return self

    def train(self, mode=True):
        object.__setattr__(self, "training", mode)
        for m in self._modules.values():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def to(self, device):
        return self

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)


class ModuleList(Module):
    def __init__(self, mods):
        super().__init__()
        for i, m in enumerate(mods):
            setattr(self, str(i), m)

    def __iter__(self):
        return iter(self._modules.values())


class ReduceOp:
    SUM, AVG, MAX = "sum", "avg", "max"


class ProcessGroup:
    def __init__(self, axes):  # the mesh axes the group's ranks span
        self.axes = tuple(axes) if isinstance(axes, (tuple, list)) else (axes,)

    @property
    def axis(self):
        return self.axes[0] if len(self.axes) == 1 else self.axes


class _Distributed:
    mesh = WORLD = None

    def init_process_group(self, backend="xla", mesh=None):
        self.mesh, self.WORLD = mesh, ProcessGroup(mesh.axis_names)

    def new_group(self, ranks=None, axes=None):
        return ProcessGroup(axes)

    def get_world_size(self, group=None):
        return int(np.prod([self.mesh.shape[a] for a in (group or self.WORLD).axes]))

    def get_rank(self, group=None):
        return jax.lax.axis_index((group or self.WORLD).axis)

    def all_reduce(self, tensor, op=ReduceOp.SUM, group=None):
        axis = (group or self.WORLD).axis
        if op == ReduceOp.AVG:
            return jax.lax.pmean(tensor, axis)
        if op == ReduceOp.MAX:
            return jax.lax.pmax(tensor, axis)
        return jax.lax.psum(tensor, axis)

    def all_gather(self, tensor, group=None, dim=0, to="invarying"):
        return jax.lax.all_gather(tensor, (group or self.WORLD).axis, axis=dim, tiled=True, to=to)

    def reduce_scatter(self, tensor, group=None, dim=0):
        return jax.lax.psum_scatter(tensor, (group or self.WORLD).axis, scatter_dimension=dim,
                                    tiled=True)


dist = _Distributed()


class DistributedDataParallel(Module):
    def __init__(self, module, process_group=None):
        super().__init__()
        self.module, self.process_group = module, process_group

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self, grads):
        return jax.tree.map(
            lambda g: dist.all_reduce(g, op=ReduceOp.AVG, group=self.process_group), grads)


@contextlib.contextmanager
def no_grad():
    yield


class DataLoader:
    def __init__(self, dataset, batch_size=1, drop_last=True):
        self.dataset, self.batch_size, self.drop_last = dataset, batch_size, drop_last

    def __iter__(self):
        for s in range(0, len(self.dataset), self.batch_size):
            idx = range(s, min(s + self.batch_size, len(self.dataset)))
            if len(idx) < self.batch_size and self.drop_last:
                return
            yield tuple(np.stack(col) for col in zip(*(self.dataset[i] for i in idx)))


class SGD:
    def __init__(self, params, lr=0.1):
        self.params, self.lr, self.grads = params, lr, None

    def zero_grad(self):
        self.grads = None

    def step(self):
        self.params = jax.tree.map(lambda p, g: p - self.lr * g, self.params, self.grads)
        return self.params

# --------------------------------------------------------------------------- end torchish


class Sequences:
    def __init__(self, n=8, seq=16, dim=8):
        rng = np.random.default_rng(2)
        self.x = rng.normal(size=(n, seq, dim)).astype(np.float32)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return (self.x[i],)


class SequenceParallelMLP(Module):
    """Megatron-style: all_gather the sequence in, reduce_scatter it out."""

    def __init__(self, mesh, dim=8, hidden=16):
        super().__init__()
        self.tp = dist.new_group(axes="tp")
        rng = np.random.default_rng(0)
        up = rng.normal(size=(dim, hidden)).astype(np.float32) * 0.3
        down = rng.normal(size=(hidden, dim)).astype(np.float32) * 0.3
        self.register_parameter("up", jax.device_put(up, NamedSharding(mesh, P(None, "tp"))))
        self.register_parameter("down", jax.device_put(down, NamedSharding(mesh, P("tp", None))))
        self.keep_full_sequence = False

    def gather_sequence(self, x):
        to = "reduced" if self.keep_full_sequence else "invarying"
        return dist.all_gather(x, group=self.tp, dim=1, to=to)

    def forward(self, up, down, x):
        full = self.gather_sequence(x)
        out = jnp.tanh(full @ up) @ down
        return dist.reduce_scatter(out, group=self.tp, dim=1), full


def inputs():
    return (False,)


def main(keep_for_recompute):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    dist.init_process_group(mesh=mesh)
    block = SequenceParallelMLP(mesh)
    block.keep_full_sequence = keep_for_recompute

    def fwd(up, down, x):
        y, full = block(up, down, x)
        residual = block.gather_sequence(y)
        return dist.reduce_scatter(residual + full, group=block.tp, dim=1)

    run = jax.jit(jax.shard_map(fwd, mesh=mesh,
                                in_specs=(P(None, "tp"), P("tp", None), P("dp", "tp")),
                                out_specs=P("dp", "tp")))
    outs = []
    sd = block.state_dict()
    for (x,) in DataLoader(Sequences(), batch_size=4):
        x = jax.device_put(x, NamedSharding(mesh, P("dp", "tp")))
        outs.append(np.asarray(run(sd["up"], sd["down"], x)))
    out = np.concatenate(outs)
    print("block output", out.shape, float(np.abs(out).mean()))
    assert out.shape == (8, 16, 8)
    return out


if __name__ == "__main__":
    main(*inputs())
