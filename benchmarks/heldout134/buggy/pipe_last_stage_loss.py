"""lingvo_lite/layers/pipeline/pipelined_loss.py

Pipelined model over the 'stage' axis with the loss on the output of the pipeline. The outputs
of all stages are gathered (the last stage's slot is the model output), and the squared error
is summed over the stages so every stage holds the same loss for the backward schedule.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class LinearStage(BaseLayer):
  HPARAMS = dict(dims=0)

  def fprop(self, w, x):
    return jnp.tanh(x @ w)


class PipelinedRegression(BaseLayer):
  HPARAMS = dict(num_stages=0, stage_tpl=None)

  def setup(self):
    self.create_child('stage', self.stage_tpl)

  def stage_axis(self):
    return self.weight_split_dims_mapping.stacked[0]

  def _loss(self, ws, x, target):
    axis = self.stage_axis()
    perm = [(i, i + 1) for i in range(self.num_stages - 1)]
    state = x
    for _ in range(self.num_stages):
      state = self.stage(ws[0], state)
      state = jax.lax.ppermute(state, axis, perm)
    resid = state - target
    outs = jax.lax.all_gather(resid[None], axis, axis=0, tiled=True, to='reduced')
    sq = jnp.sum(outs * outs, axis=(1, 2))
    return jax.lax.psum(sq, axis)

  def fprop(self, mesh, ws, x, target):
    return jax.shard_map(self._loss, mesh=mesh,
                         in_specs=(split_spec(self.weight_split_dims_mapping.stacked), P(), P()),
                         out_specs=P())(ws, x, target)


@experiment_registry.register
class PipelinedRegression8(BaseExperiment):
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('stage',)

  def task(self):
    return Config(PipelinedRegression, num_stages=8, stage_tpl=Config(LinearStage, dims=3),
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(stacked=('stage', None, None)))


def inputs():
  x = np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)
  return 'PipelinedRegression8', x, np.zeros((2, 3), np.float32)


def main(exp_name, x, target):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  model = instantiate(exp.task())
  ws = place(mesh, np.stack([np.eye(3, dtype=np.float32)] * 8), model.weight_split_dims_mapping.stacked)
  x, target = place(mesh, x, None), place(mesh, target, None)
  with jax.set_mesh(mesh):
    loss = model.fprop(mesh, ws, x, target)
  print(loss.shape)


if __name__ == '__main__':
  main(*inputs())
