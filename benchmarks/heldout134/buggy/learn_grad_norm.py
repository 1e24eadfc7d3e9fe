"""lingvo_lite/learners/sgd_learner.py

A Pax-style learner for a tensor-parallel linear readout: the train step (built from the
experiment's task) computes the gradients inside shard_map, reduces them over the data axes
named by the learner template, applies SGD, and reports the gradient norm reduced over those
same axes for the summary writer.
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


class SGD(BaseLayer):
  HPARAMS = dict(learning_rate=0.1)

  def apply(self, w, g):
    return w - self.learning_rate * g


class Learner(BaseLayer):
  HPARAMS = dict(optimizer_tpl=None, grad_reduce_axes=(), summary_axes=(), model_axis=None)

  def setup(self):
    self.create_child('optimizer', self.optimizer_tpl)

  def reduce(self, g):
    return jax.lax.psum(g, self.grad_reduce_axes)

  def summarize(self, g):
    norm = jnp.sqrt(jax.lax.psum(jnp.sum(g * g), self.model_axis))[None]
    return jax.lax.all_gather(norm, self.summary_axes, tiled=True, to='reduced')


def build_train_step(exp, mesh):
  learner = instantiate(exp.learner())
  model = exp.model_mapping()

  def step(w, x, y):
    pred = jax.lax.psum(x @ w, model.mdl_axis)
    err = pred - y
    g = learner.reduce(x.T @ err) / x.shape[0]
    return learner.optimizer.apply(w, g), learner.summarize(g)

  batch = split_spec(model.batch)
  return jax.shard_map(step, mesh=mesh,
                       in_specs=(split_spec(model.w), batch, P(model.batch[0], None)),
                       out_specs=(split_spec(model.w), P(reduced=set(learner.summary_axes))))


@experiment_registry.register
class LinearReadout2x2x2(BaseExperiment):
  ICI_MESH_SHAPE = (2, 2, 2)
  MESH_AXIS_NAMES = ('replica', 'data', 'mdl')

  def model_mapping(self):
    return SplitDims(w=('mdl', None), batch=(('replica', 'data'), 'mdl'), mdl_axis='mdl')

  def learner(self):
    data_axes = self.mesh_axis_names[:2]
    return Config(Learner, optimizer_tpl=Config(SGD, learning_rate=0.05),
                  grad_reduce_axes=data_axes, summary_axes=data_axes,
                  model_axis=self.mesh_axis_names[2])


def inputs():
  rng = np.random.default_rng(50)
  x = rng.standard_normal((8, 4)).astype(np.float32)
  return 'LinearReadout2x2x2', x, x.sum(axis=1, keepdims=True).astype(np.float32)


def main(exp_name, x, y):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  step = build_train_step(exp, mesh)
  mapping = exp.model_mapping()
  w = place(mesh, np.zeros((4, 1), np.float32), mapping.w)
  x = place(mesh, x, mapping.batch)
  y = place(mesh, y, (mapping.batch[0], None))
  with jax.set_mesh(mesh):
    for _ in range(3):
      w, gnorm = step(w, x, y)
  print(w.shape, gnorm.shape)


if __name__ == '__main__':
  main(*inputs())
